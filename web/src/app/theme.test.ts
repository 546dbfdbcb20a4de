import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RECIPES, SLOT_RECIPES, system } from './theme';

/**
 * The theme carries only the recipes of components Dakiya draws; a component without its recipe renders
 * unstyled. Every name imported from '@chakra-ui/react' must be listed here with the recipes it needs
 * (none for layout primitives), so adding a new kind of component fails until its recipe is added.
 */
const NEEDS: Record<string, readonly string[]> = {
  ActionBar: ['actionBar'],
  Alert: ['alert'],
  Avatar: ['avatar'],
  Badge: ['badge'],
  Button: ['button'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Code: ['code'],
  Combobox: ['combobox'],
  Container: ['container'],
  DataList: ['dataList'],
  DatePicker: ['datePicker', 'input'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  EmptyState: ['emptyState'],
  Field: ['field'],
  FileUpload: ['fileUpload'],
  Heading: ['heading'],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  InputGroup: ['inputAddon'],
  Link: ['link'],
  List: ['list'],
  Menu: ['menu'],
  NativeSelect: ['nativeSelect'],
  Progress: ['progress'],
  RadioCard: ['radioCard', 'radiomark'],
  Select: ['select'],
  Separator: ['separator'],
  Skeleton: ['skeleton'],
  SkeletonText: ['skeleton'],
  Slider: ['slider'],
  Spinner: ['spinner'],
  Steps: ['steps'],
  Switch: ['switch'],
  Table: ['table'],
  Tag: ['tag'],
  Textarea: ['textarea'],
  Timeline: ['timeline'],
  Toast: ['toast'],
  Toaster: ['toast'],
};

/** Imports that need no recipe: layout primitives, the provider and theme helpers. */
const NO_RECIPE = new Set([
  'Box', 'ButtonGroup', 'Center', 'ChakraProvider', 'Circle', 'Flex', 'Grid', 'Group', 'HStack', 'Image', 'Pagination', 'Portal', 'SimpleGrid', 'Stack', 'Text',
  'VisuallyHidden', 'VStack', 'Wrap', 'chakra', 'createListCollection', 'createSystem', 'createToaster', 'defaultBaseConfig', 'defineConfig', 'parseDate', 'useBreakpointValue',
]);

function chakraImports(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      chakraImports(file).forEach((n) => names.add(n));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const part of m[1]!.split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
          if (name && !part.trim().startsWith('type ') && !/^[A-Z]\w*Props$/.test(name)) names.add(name);
        }
      }
    }
  }
  return names;
}

describe('theme', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

  it('has the recipe of every Chakra component the screens import', () => {
    const missing: string[] = [];
    const names = chakraImports(src);
    expect(names.has('Table') && names.has('Menu') && names.has('Stack')).toBe(true);
    for (const name of names) {
      if (NO_RECIPE.has(name)) continue;
      const needs = NEEDS[name];
      if (!needs) {
        missing.push(`${name}: not listed in theme.test.ts`);
        continue;
      }
      for (const key of needs) if (!(key in RECIPES) && !(key in SLOT_RECIPES)) missing.push(`${name}: recipe ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('registers the listed recipes and the brand palette', () => {
    for (const key of Object.keys(RECIPES)) expect(system.isRecipe(key)).toBe(true);
    for (const key of Object.keys(SLOT_RECIPES)) expect(system.isSlotRecipe(key)).toBe(true);
    expect(system.token('colors.brand.600')).toBe('#0c7356');
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });
});

/** The light theme's value of a colour token, references followed: '#16a34a' for 'colors.fg.success'. */
function lightColour(name: string): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = String(conditions?._light ?? conditions?.base ?? token.originalValue ?? token.value);
  const ref = /^\{(.+)\}$/.exec(raw);
  if (ref) return lightColour(ref[1]!);
  if (raw === 'white') return '#ffffff';
  if (!/^#[0-9a-f]{6}$/i.test(raw)) throw new Error(`${name}: ${raw} is not a #rrggbb colour`);
  return raw.toLowerCase();
}

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast (WCAG AA: 4.5 for text up to 18 px)', () => {
  // what the screens put text on: pages, cards, table heads and summaries, inputs
  const grounds = ['colors.bg', 'colors.bg.subtle', 'colors.bg.muted', 'colors.app.canvas', 'colors.app.surface'];
  const texts = ['colors.fg', 'colors.fg.muted', 'colors.fg.subtle', 'colors.fg.error', 'colors.fg.success', 'colors.fg.warning', 'colors.fg.info', 'colors.brand.fg'];
  for (const text of texts) {
    it(`${text} reads on every page ground`, () => {
      const low = grounds.map((ground) => ({ ground, ratio: Math.round(contrast(lightColour(text), lightColour(ground)) * 100) / 100 })).filter((g) => g.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }

  // a subtle badge or alert: the palette's fg on its subtle ground
  it.each(['brand', 'green', 'red', 'orange', 'blue', 'purple', 'gray'])('%s.fg reads on its subtle ground', (palette) => {
    expect(contrast(lightColour(`colors.${palette}.fg`), lightColour(`colors.${palette}.subtle`))).toBeGreaterThanOrEqual(4.5);
  });

  // a solid badge, a courier's mark, a solid button: the palette's contrast colour on its solid ground
  it.each(['brand', 'green', 'red', 'orange', 'blue', 'purple', 'gray'])('%s.contrast reads on its solid ground', (palette) => {
    expect(contrast(lightColour(`colors.${palette}.contrast`), lightColour(`colors.${palette}.solid`))).toBeGreaterThanOrEqual(4.5);
  });
});
