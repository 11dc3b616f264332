/** Days as View Records writes them, from the shared school clock (src/ui/school-clock.ts), as are times. */
export { formatDay } from '../../../../ui/school-clock';
