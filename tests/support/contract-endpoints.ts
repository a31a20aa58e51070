import type { EndpointDef } from '#shared/contract/endpoints';

/**
 * Every endpoint of every contract module (`…Api` exports of src/shared/contract/*), so a new
 * endpoint is covered by the tests that walk them the moment it is declared.
 */
export const contractModules = import.meta.glob<Record<string, unknown>>(['../../src/shared/contract/*.ts', '!../../src/shared/contract/*.test.ts'], { eager: true });

function isEndpoint(value: unknown): value is EndpointDef {
  const v = value as Partial<EndpointDef> | null;
  return !!v && typeof v === 'object' && typeof v.method === 'string' && typeof v.path === 'string' && v.access !== undefined;
}

export function contractEndpoints(): (EndpointDef & { name: string })[] {
  const endpoints: (EndpointDef & { name: string })[] = [];
  for (const [file, mod] of Object.entries(contractModules)) {
    for (const [exportName, api] of Object.entries(mod)) {
      if (!exportName.endsWith('Api') || !api || typeof api !== 'object') continue;
      for (const [key, endpoint] of Object.entries(api)) {
        if (isEndpoint(endpoint)) endpoints.push({ ...endpoint, name: `${file.split('/').pop()} ${exportName}.${key}` });
      }
    }
  }
  return endpoints;
}
