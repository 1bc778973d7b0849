// Decision 054: each area owns its tables and its screens. One rule, two halves:
// - server: a module uses another module only through its *.service files; another area's
//   *.schema (its tables) and *.repository (its queries) stay inside it. A schema file may name
//   another area's table for a foreign key; the orders module's read projections
//   (src/server/modules/orders/projections/*.projection.ts) are the one place that joins other
//   areas' tables for reading, and any module may call them.
// - web: a feature never imports another feature, by alias or by any relative path; the app
//   composes features.
import path from 'node:path';

const root = process.cwd();

/** The order read projections: the one folder that may read other areas' tables (decision 055). */
const projectionFile = /^src\/server\/modules\/orders\/projections\/[^/]+\.projection(\.ts)?$/;

const aliases = [
  ['@server/', 'src/server/'],
  ['@web/', 'src/web/'],
  ['@shared/', 'src/shared/'],
];

/** The repository-relative path an import specifier points at, or null for a package. */
function resolveSpecifier(specifier, fromFile) {
  if (specifier.startsWith('.')) {
    return path.relative(root, path.resolve(path.dirname(fromFile), specifier));
  }
  for (const [alias, folder] of aliases) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  return null;
}

/** Where the app is put together from its areas. */
const compositionRoot = ['src/server/app.ts', 'src/server/api.ts'];

const serverModule = /^src\/server\/modules\/([^/]+)\/(.+)$/;
const webFeature = /^src\/web\/features\/([^/]+)\//;
const isTest = (file) => /\.test\.tsx?$/.test(file);

function serverProblem(file, target) {
  const to = serverModule.exec(target);
  if (!to) return null;
  const [, toArea, toRest] = to;
  const fromArea = serverModule.exec(file)?.[1];
  if (fromArea === toArea) return null;
  const name = path.basename(toRest);
  if (name.endsWith('.service')) return null;
  if (projectionFile.test(target)) return null;
  // The composition root registers every area's routes and event subscribers.
  if (compositionRoot.includes(file) && /\.(routes|subscribers)$/.test(name)) return null;
  if (name.endsWith('.schema') && file.endsWith('.schema.ts')) return null;
  if (name.endsWith('.schema') && projectionFile.test(file)) return null;
  if (name.endsWith('.schema')) {
    return `The ${toArea} area's tables are its own: read them through its *.service (or the order read projections), not ${toRest}.`;
  }
  if (name.endsWith('.repository')) {
    return `The ${toArea} area's queries are its own: call its *.service, not ${toRest}.`;
  }
  return `Use the ${toArea} module only through its *.service files, not ${toRest}.`;
}

function webProblem(file, target) {
  const from = webFeature.exec(file)?.[1];
  const to = webFeature.exec(`${target}/`)?.[1];
  if (!from || !to || from === to) return null;
  return `A feature never imports another feature (${from} → ${to}); let the app (src/web/app) compose them.`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas own their tables, queries and screens (decision 054).' },
    schema: [],
  },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    // Tests set up what they need across areas; the seed writes demo rows into every table;
    // src/server/db gathers every schema for drizzle.
    if (isTest(file) || file.startsWith('src/server/seed/') || file.startsWith('src/server/db/')) {
      return {};
    }
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, context.filename);
      if (!target) return;
      const problem = file.startsWith('src/server/')
        ? serverProblem(file, target)
        : file.startsWith('src/web/')
          ? webProblem(file, target)
          : null;
      if (problem) context.report({ node: node.source, message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const areaBoundaries = { rules: { 'area-boundaries': rule } };
