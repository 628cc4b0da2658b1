import { parseSync, type ESTree, type Plugin } from 'vite';

type Node = ESTree.Node;

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;
const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
/** What the bundler must assume may have an effect: calls, property reads (getters), spreads. */
const EFFECT_TYPES = new Set([
  'CallExpression',
  'NewExpression',
  'TaggedTemplateExpression',
  'MemberExpression',
  'SpreadElement',
]);

/** Whether evaluating the expression may have an effect (code inside nested functions does not run). */
const mayHaveEffects = (node: unknown): boolean => {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(mayHaveEffects);
  const { type } = node as { type?: string };
  if (type && FUNCTION_TYPES.has(type)) return false;
  if (type && EFFECT_TYPES.has(type)) return true;
  return Object.entries(node).some(([key, value]) => key !== 'type' && mayHaveEffects(value));
};

/** Top-level `const` declarators of the module, exported or not. */
const topLevelDeclarators = (body: Node[]): ESTree.VariableDeclarator[] =>
  body.flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    return declaration?.type === 'VariableDeclaration' && declaration.kind === 'const'
      ? declaration.declarations
      : [];
  });

/**
 * The contract declares its constants, validators and zod schemas side by side (`PLAZA_CATEGORIES` next to
 * `articleSchema`); a top-level `z.object(…)` call looks like a side effect to the bundler, so importing
 * one constant would ship every schema of its module and zod itself (about 26 KB gzip). In a production
 * build this plugin wraps each top-level `const` initialiser that may have an effect (a call, a property
 * read) in a pure-annotated arrow call, `/* @__PURE__ *\/ (() => (…))()`: unchanged when used, dropped when not, so only what the
 * app uses reaches the browser. The initialisers are plain values (the contract registers nothing at load).
 * The build fails if zod still reaches a chunk, naming it.
 */
export const contractPurePlugin = (): Plugin => ({
  name: 'contract-pure',
  apply: 'build',
  enforce: 'pre',
  transform: {
    filter: { id: CONTRACT_SOURCE },
    handler(code, id) {
      const { program, errors } = parseSync(id, code);
      if (errors.length > 0) return undefined;
      const wraps = topLevelDeclarators(program.body as Node[])
        .map((declarator) => declarator.init)
        .filter((init): init is ESTree.Expression => !!init && mayHaveEffects(init))
        .sort((a, b) => b.start - a.start);
      if (wraps.length === 0) return undefined;
      let out = code;
      for (const init of wraps) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  },
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const zod = Object.keys(chunk.modules).find((moduleId) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(moduleId),
      );
      if (zod)
        this.error(
          `zod reached the browser bundle (${chunk.fileName}: ${zod}); import contract values the app can use without it`,
        );
    }
  },
});
