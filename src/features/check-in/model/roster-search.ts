/**
 * The roster search moved to src/ui/roster (the check-in and meals stations both search the local roster; features
 * never import each other). This path stays for bench/roster-search.mjs, which measures the search from here.
 */
export * from '../../../ui/roster/roster-search';
