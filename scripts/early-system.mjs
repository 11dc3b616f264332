/**
 * The app's Chakra system gets its own entry, which index.html loads `async` beside the app's entry (the
 * portal's first visit on a phone). `createSystem` (Chakra's tokens, conditions and style utilities: about 40 ms on a
 * fast machine, 175 ms at CPU 4x on a slow one) ran inside the app's entry, after the largest file of the first visit
 * had arrived. Its own file (about 25 kB brotli, nothing imported) arrives first and builds the system while the page
 * still waits for the entry, with nothing else to do; the entry imports the same module, which a page evaluates once.
 *
 * The build adds the entry (`rolldownOptions.input`, src/app/theme/system-start.ts), and this plugin writes its
 * `<script type="module" async>` into index.html. The dev server loads it through the app's entry as any module.
 */

/** The system's own entry module, as the build's input names it. */
export const SYSTEM_ENTRY = 'src/app/theme/system-start.ts';

/** The `<script>` of the system's entry chunk (`fileName` under the site root), for the page's head. */
export function systemScriptTag(fileName) {
  return `<script type="module" async crossorigin src="/${fileName}"></script>`;
}

/**
 * index.html with the system's script at the top of its scripts: before the first `<script` of the head, so its
 * request goes out with the others and it runs as soon as it has arrived.
 */
export function withSystemScript(html, fileName) {
  const at = html.indexOf('<script');
  if (at < 0) throw new Error('early-system: index.html has no <script> to put the system before');
  return `${html.slice(0, at)}${systemScriptTag(fileName)}\n    ${html.slice(at)}`;
}

/** The Vite plugin (build only): finds the system's entry chunk and writes its script into index.html. */
export function earlySystem() {
  return {
    name: 'early-system',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (output) =>
            output.type === 'chunk' && output.isEntry && (output.facadeModuleId ?? '').endsWith(`/${SYSTEM_ENTRY}`),
        );
        if (chunks.length !== 1)
          throw new Error(`early-system: expected one entry chunk for ${SYSTEM_ENTRY}, found ${chunks.length}`);
        if (chunks[0].imports.length > 0)
          throw new Error(`early-system: ${chunks[0].fileName} imports other chunks, so it would not run early`);
        return withSystemScript(html, chunks[0].fileName);
      },
    },
  };
}
