import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  actionBarSlotRecipe, alertSlotRecipe, animationStyles, badgeRecipe, breakpoints, buttonRecipe, cardSlotRecipe, checkboxSlotRecipe,
  checkmarkRecipe, codeRecipe, comboboxSlotRecipe, containerRecipe, cssVarsPrefix, cssVarsRoot, dataListSlotRecipe, datePickerSlotRecipe,
  dialogSlotRecipe, drawerSlotRecipe, emptyStateSlotRecipe, fieldSlotRecipe, fileUploadSlotRecipe, globalCss, headingRecipe, iconRecipe, inputAddonRecipe, inputRecipe,
  keyframes, layerStyles, linkRecipe, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, progressSlotRecipe, radioCardSlotRecipe,
  radiomarkRecipe, selectSlotRecipe, semanticTokens, separatorRecipe, skeletonRecipe, sliderSlotRecipe, spinnerRecipe, stepsSlotRecipe,
  switchSlotRecipe, tableSlotRecipe, tagSlotRecipe, textareaRecipe, textStyles, timelineSlotRecipe, toastSlotRecipe, tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme without the recipes of components Dakiya never draws (date and colour pickers,
 * carousels, ...): `defaultConfig` ships all of them in the first-load bundle. A component whose recipe
 * is missing renders unstyled, so theme.test.ts fails when a screen imports one that is not listed here.
 */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const SLOT_RECIPES = {
  actionBar: actionBarSlotRecipe,
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  datePicker: datePickerSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioCard: radioCardSlotRecipe,
  select: selectSlotRecipe,
  slider: sliderSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tag: tagSlotRecipe,
  timeline: timelineSlotRecipe,
  toast: toastSlotRecipe,
};

const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes: RECIPES, slotRecipes: SLOT_RECIPES, textStyles, layerStyles, animationStyles },
});

/**
 * The one theme: Dakiya green as the brand palette (usable as `colorPalette="brand"`), a calm grey
 * canvas, and semantic tokens the screens use instead of raw colours.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'app.canvas', color: 'fg' },
    '#root': { minHeight: '100dvh' },
    // toasts start right of the side menu where it shows (toast-store.ts), never over Profile and Logout
    ':root:has([data-testid="side-nav"])': {
      '@media screen and (min-width: 62em)': { '--dakiya-toast-left': 'calc(var(--chakra-sizes-64) + 1rem)' },
    },
    // an open dialog keeps its buttons above the toasts (toaster-view.tsx measures how far up they reach,
    // and only while they cross the dialog's column). A phone's full-screen dialog has its footer at the
    // very bottom, so its own content makes the room; a wider screen's centred dialog is lifted instead,
    // since room inside it would only grow it.
    '[data-scope="dialog"][data-part="content"]': {
      '@media screen and (max-width: 47.99em)': { paddingBottom: 'var(--dakiya-toast-room, 0px)', transition: 'padding-bottom 0.2s' },
    },
    '[data-scope="dialog"][data-part="positioner"]': {
      '@media screen and (min-width: 48em)': { paddingBottom: 'var(--dakiya-toast-room, 0px)', transition: 'padding-bottom 0.2s' },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif` },
        body: { value: `'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif` },
      },
      colors: {
        brand: {
          50: { value: '#eaf8f2' },
          100: { value: '#cdeee0' },
          200: { value: '#9fdcc4' },
          300: { value: '#67c4a3' },
          400: { value: '#34a884' },
          500: { value: '#168c69' },
          600: { value: '#0c7356' },
          700: { value: '#0b5c46' },
          800: { value: '#0b4a39' },
          900: { value: '#093d30' },
          950: { value: '#04241c' },
        },
        saffron: {
          50: { value: '#fff8e6' },
          100: { value: '#ffedbf' },
          400: { value: '#f5b42a' },
          500: { value: '#e29b0c' },
          700: { value: '#9a6207' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light values of these read at 2.4 to 3.8 against white and the grey canvas (axe-core's
        // colour-contrast, serious): text needs 4.5. The dark values are Chakra's.
        fg: {
          subtle: { value: { _light: '#65656e', _dark: '{colors.gray.500}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        // white on Chakra's orange.600 and green.600 reads at 3.6 and 3.3 (a courier's mark, a solid badge)
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        app: {
          canvas: { value: { _light: '#f6f7f9', _dark: '{colors.gray.950}' } },
          surface: { value: { _light: 'white', _dark: '{colors.gray.900}' } },
          sidebar: { value: { _light: 'white', _dark: '{colors.gray.900}' } },
          hero: { value: { _light: '{colors.brand.900}', _dark: '{colors.brand.950}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, defaultTheme, config);
