/**
 * The Chakra recipes of every screen behind sign-in (sections, the Scholar Portal, stations) and of the settings menu,
 * added to the app's one system (`system.ts`) when this module is evaluated. They are kept out of the first chunk
 * because the login screen does not use them: about 6 kB gzip of its 170 kB budget (DESIGN section 8).
 *
 * Import it (for its effect) from every module that renders one of these components before any of them renders: the
 * section layout, the portal's layout loader in router.tsx, the station layout, the kiosk's start-station panel and
 * the settings menu's full menu. Chakra reads a recipe from the system the first time a component with that key
 * renders and caches the result, so a component rendered before this module ran would stay unstyled; one rendered
 * after is styled exactly as if its recipe had been in `system.ts` from the start. system.test.ts checks that the
 * first screens use only `system.ts`'s recipes and that together they cover every Chakra component the app imports.
 *
 * Button also styles IconButton and CloseButton; inputAddon styles InputGroup's addons; checkmark and radiomark are
 * the indicators inside Checkbox, Menu's checkbox items and RadioGroup.
 */
import {
  avatarSlotRecipe,
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldsetSlotRecipe,
  inputAddonRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { system, withCompactDefaults } from './system';

/** The recipes added to the system, by key. */
export const MORE_RECIPES = withCompactDefaults({
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  inputAddon: inputAddonRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonRecipe,
  textarea: textareaRecipe,
});

/** The slot recipes added to the system, by key. */
export const MORE_SLOT_RECIPES = withCompactDefaults({
  avatar: avatarSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  // NativeSelect's recipe is built on Select's, so Select's own recipe is in this chunk anyway and costs nothing here.
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
});

// `createSystem` keeps the merged theme and reads `theme.recipes` / `theme.slotRecipes` on every lookup
// (`getRecipe`, `isRecipe`, `hasRecipe`...), so adding to them is adding to the system.
const theme = system._config.theme ?? {};
theme.recipes = Object.assign(theme.recipes ?? {}, MORE_RECIPES);
theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, MORE_SLOT_RECIPES);
