import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../../src/server/db/client.ts';
import { seedSubmissions, seedAdmin } from '../seed.ts';
const c = await PGlite.create('/tmp/qpb-scratch/db');
const d = openPglite(c);
await d.migrate();
console.log(await seedSubmissions(d.db, 100000));
await seedAdmin(d.db);
await d.close();
