/**
 * Bundles the server (server/main.ts, what it imports from server/ and src/contract/, and the npm packages it uses)
 * into dist-server/main.mjs with esbuild. Plain node then starts it well over a second faster than transforming the
 * TypeScript at every start, and, with the packages inside, without resolving, reading and scanning hundreds of package
 * files one by one (node's loader runs a lexer over every CommonJS file an ES module imports): about a sixth of a warm
 * start's CPU (measured by `npm run bench`). Code reached only through `import()` (the app's routes while
 * the database opens, pdf-lib until the first agreement is printed) is evaluated only when it is first imported.
 *
 * Left outside, imported from node_modules at run time: PGlite (it reads its WebAssembly and file-system bundle from
 * beside its own modules) and pg-native (pg's optional native binding, not installed). pg itself is inside, so it is
 * only evaluated when DATABASE_URL asks for it (an external package's import would be hoisted to the top). The bundle
 * is rebuilt only when a source, the lockfile or this script is newer than it; it is written under a temporary name
 * and renamed, so a server starting while another process builds never reads half a file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = join(ROOT, 'dist-server', 'main.mjs');
const INPUTS = ['server', 'src/contract', 'package-lock.json', 'scripts/build-server.mjs'];
/** Packages the bundle imports from node_modules at run time instead of containing them. */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'pg-native'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** True when the bundle is missing or older than a source of the server. */
export function serverNeedsBuild() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return INPUTS.some((input) => newest(join(ROOT, input)) > built);
}

/** The walk up a value's classes at the end of drizzle-orm's `is` (drizzle-orm/entity.js), as 0.45 has it. */
const DRIZZLE_IS_WALK = `  let cls = Object.getPrototypeOf(value).constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        return true;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  return false;
}`;

/**
 * The same walk, its answer kept per class and type. Drizzle asks `is(chunk, StringChunk)`, `is(chunk, Name)`,
 * ... for every piece of every statement it builds and `is(field, Column)` for every field of every row it reads;
 * where `instanceof` says no, the walk went up the value's classes, reading a symbol at each: 8.7 % of the server's
 * CPU under the load bench on PostgreSQL. Classes and their entity kinds do not change once defined, so
 * the answer for a class and a type is always the same.
 */
const DRIZZLE_IS_MEMO = `  const cls = Object.getPrototypeOf(value).constructor;
  if (typeof cls !== "function") return isByWalk(value, type);
  let answers = isAnswers.get(cls);
  if (answers === undefined) {
    answers = new Map();
    isAnswers.set(cls, answers);
  }
  let answer = answers.get(type);
  if (answer === undefined) {
    answer = isByWalk(value, type);
    answers.set(type, answer);
  }
  return answer;
}
const isAnswers = new WeakMap();
function isByWalk(value, type) {
${DRIZZLE_IS_WALK}`;

/** drizzle-orm/entity.js with `is` answering from `DRIZZLE_IS_MEMO`; throws when the file no longer has the walk. */
export function memoizeDrizzleIs(source) {
  if (!source.includes(DRIZZLE_IS_WALK)) {
    throw new Error("drizzle-orm/entity.js: the walk in `is` was not found (has drizzle-orm's `is` changed?)");
  }
  return source.replace(DRIZZLE_IS_WALK, () => DRIZZLE_IS_MEMO);
}

/** The esbuild plugin that bundles drizzle-orm/entity.js through `memoizeDrizzleIs`. */
const drizzleIsPlugin = {
  name: 'memoize-drizzle-is',
  setup(build) {
    build.onLoad({ filter: /[\\/]drizzle-orm[\\/]entity\.js$/ }, ({ path }) => ({
      contents: memoizeDrizzleIs(readFileSync(path, 'utf8')),
      loader: 'js',
    }));
  },
};

/**
 * Node's built-in modules named without `node:` (fflate's node build imports 'module') resolved as `node:` ones: the
 * same modules, and the bundle's static imports stay node built-ins by their prefix.
 */
const nodePrefixPlugin = {
  name: 'node-prefix',
  setup(build) {
    build.onResolve({ filter: /^module$/ }, () => ({ path: 'node:module', external: true }));
  },
};

/** Builds the bundle (into `outfile`, SERVER_BUNDLE unless told). */
export async function buildServer({ outfile = SERVER_BUNDLE } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    plugins: [drizzleIsPlugin, nodePrefixPlugin],
    // The CommonJS packages inside (fastify and its plugins) require node's built-in modules: an ES module has no
    // `require` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    // Not minified: the gain measured nothing next to the noise, and the log's stack traces stay readable.
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // The map first: a process that sees the new bundle finds its map.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await buildServer();
