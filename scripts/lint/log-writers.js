// @ts-check
/**
 * ESLint rule `house/one-writer-per-log`: the audit trail (`audit_events`) is written only by the
 * audit trail's module and the system log (`system_logs`) only by the system log's, so a renamed
 * column fails to compile in one place and "a log line never fails its action" has no exception.
 * It reports, outside the file a table is allowed in:
 * - drizzle's `insert(t)`, `update(t)` and `delete(t)` on the table (also through an alias, an
 *   import under another name or a schema namespace such as `schema.auditEvents`);
 * - SQL text that writes it: INSERT INTO, UPDATE, DELETE FROM, TRUNCATE, COPY … FROM, MERGE INTO,
 *   in a string, a template or a `sql` tagged template, with the table spelled out, quoted,
 *   schema-qualified, or interpolated (`${auditEvents}`, `${sql.identifier('audit_events')}`).
 * Options: `{ allow: ['audit_events'] }` for the one module that writes a table.
 */

/** The guarded tables: their SQL name and the drizzle schema export that names them. */
export const GUARDED = /** @type {const} */ ([
  { table: 'audit_events', schemaName: 'auditEvents', owner: "the audit trail (src/server/lib/audit.ts): use the unit of work's `audit` or the AuditTrail" },
  { table: 'system_logs', schemaName: 'systemLogs', owner: 'the system log (src/server/lib/system-log.ts): use the SystemLog' },
]);

const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
/** SQL words that write the table named right after them. */
const WRITE_VERB = String.raw`(?:insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|truncate(?:\s+table)?(?:\s+only)?|copy|merge\s+into)`;
const QUALIFIED = String.raw`(?:"?public"?\s*\.\s*)?`;
/** A write with the table spelled out in the text. */
const spelled = (/** @type {string} */ table) => new RegExp(String.raw`\b${WRITE_VERB}\s+${QUALIFIED}"?${table}"?(?![\w])`, 'i');
/** Text that ends where a written table's name goes (the name is interpolated next). */
const ENDS_WITH_VERB = new RegExp(String.raw`\b(${WRITE_VERB})\s+${QUALIFIED}"?$`, 'i');
/** COPY writes only FROM: `COPY t TO STDOUT` reads. */
const COPY_READ = (/** @type {string} */ table) => new RegExp(String.raw`\bcopy\s+${QUALIFIED}"?${table}"?[^;]*?\bto\b`, 'i');

/** @typedef {import('eslint').Rule.RuleContext} Context */
/** @typedef {import('eslint').Rule.Node} Node */

/**
 * Which guarded table an expression names, following aliases and imports in its scope.
 * @param {Context} context
 * @param {Node | null | undefined} node
 * @param {number} depth
 * @returns {(typeof GUARDED)[number] | undefined}
 */
function tableOf(context, node, depth = 0) {
  if (!node || depth > 8) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return GUARDED.find((g) => g.table === node.value.replaceAll('"', '').replace(/^public\./, ''));
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const name = node.property.name;
    return GUARDED.find((g) => g.schemaName === name);
  }
  if (node.type === 'CallExpression') {
    // sql.identifier('audit_events'), getTableName(auditEvents), sql.raw('"audit_events"'): whatever table they are given.
    for (const arg of node.arguments) {
      const found = tableOf(context, /** @type {Node} */ (arg), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression') return tableOf(context, /** @type {any} */ (node).expression, depth + 1); // estree has no TS nodes
  if (node.type !== 'Identifier') return undefined;
  // The variable the identifier refers to, from the innermost scope out.
  let scope = /** @type {import('eslint').Scope.Scope | null} */ (context.sourceCode.getScope(node));
  while (scope) {
    const variable = scope.set.get(node.name);
    if (variable) {
      const def = variable.defs[0];
      if (!def) break;
      if (def.type === 'ImportBinding') {
        const spec = /** @type {any} */ (def.node); // an import specifier of either kind
        const imported = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : undefined;
        return GUARDED.find((g) => g.schemaName === imported);
      }
      if (def.type === 'Variable' && def.node.type === 'VariableDeclarator') return tableOf(context, def.node.init, depth + 1);
      return undefined;
    }
    scope = scope.upper;
  }
  // An identifier never declared here (a global in a snippet): its name alone decides.
  return GUARDED.find((g) => g.schemaName === node.name);
}

/** @type {import('eslint').Rule.RuleModule} */
const oneWriterPerLog = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the audit trail writes audit_events; only the system log writes system_logs.' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { enum: GUARDED.map((g) => g.table) } } }, additionalProperties: false }],
    messages: {
      write: '{{table}} is written only by {{owner}}.',
    },
  },
  create(context) {
    const allowed = new Set((context.options[0] && context.options[0].allow) || []);
    const guarded = GUARDED.filter((g) => !allowed.has(g.table));
    /** @param {Node} node @param {(typeof GUARDED)[number]} g */
    const report = (node, g) => context.report({ node, messageId: 'write', data: { table: g.table, owner: g.owner } });

    /** SQL text of a string or template: the spelled-out tables it writes, and those interpolated after a write verb. @param {Node} node @param {string[]} parts @param {Node[]} expressions */
    function checkText(node, parts, expressions) {
      const text = parts.join('${}');
      for (const g of guarded) if (spelled(g.table).test(text) && !COPY_READ(g.table).test(text)) return report(node, g);
      for (let i = 0; i < expressions.length; i++) {
        const verb = ENDS_WITH_VERB.exec(parts[i] ?? '');
        if (!verb) continue;
        const g = tableOf(context, expressions[i]);
        if (!g || allowed.has(g.table)) continue;
        if (/^copy$/i.test(verb[1] ?? '') && /^[^;]*?\bto\b/i.test(parts[i + 1] ?? '')) continue; // COPY … TO reads
        return report(node, g);
      }
    }

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !DRIZZLE_WRITES.has(callee.property.name)) return;
        const g = tableOf(context, /** @type {Node} */ (node.arguments[0]));
        if (g && !allowed.has(g.table)) report(node, g);
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, [node.value], []);
      },
      TemplateLiteral(node) {
        checkText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw), /** @type {Node[]} */ (node.expressions));
      },
    };
  },
};

export default { rules: { 'one-writer-per-log': oneWriterPerLog } };
