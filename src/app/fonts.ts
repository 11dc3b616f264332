/**
 * Roboto, bundled with the app instead of loaded from a font service: a kiosk offline cannot reach one, and the service
 * worker precaches every woff2 that this module pulls into the build.
 *
 * Only the latin and latin-ext subsets (English and Spanish, plus accented names); the other subsets would add files to
 * every install for scripts the school does not use. The per-subset stylesheets have no `unicode-range`, so order
 * matters: the face declared last is tried first, and we want the smaller, always-needed latin face tried before
 * latin-ext (which the browser then fetches only for characters latin lacks, such as ł or ő).
 */
import '@fontsource/roboto/latin-ext-100.css';
import '@fontsource/roboto/latin-ext-300.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-ext-700.css';
import '@fontsource/roboto/latin-ext-900.css';
import '@fontsource/roboto/latin-100.css';
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-900.css';
