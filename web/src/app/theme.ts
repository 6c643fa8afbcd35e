import {
  createTheme,
  darken,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'ocean',
  colors: {
    ocean: [
      '#e7f1fb',
      '#cfe0f3',
      '#9ebfe6',
      '#699cd9',
      '#3f7fce',
      '#246cc8',
      '#1262c6',
      '#0b5394',
      '#00468a',
      '#003b7a',
    ],
  },
  primaryShade: 7,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Icon-only close buttons (dialogs, toasts, alerts) need a name for screen readers and keyboard users.
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // Mantine's <header> inside a role="dialog" counts as a second page banner landmark; the dialog names itself.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A toast's message under its title is gray.6 (3.3:1 on white); the AA "dimmed" below instead.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/** WCAG 2.1 AA for body text. */
const AA = 4.5;

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The opaque colour of `color` at `opacity` painted over `base`. */
function over(color: string, opacity: number, base: string): string {
  const c = toRgba(color);
  const b = toRgba(base);
  const mix = (x: number, y: number) => Math.round(x * opacity + y * (1 - opacity));
  return `rgb(${mix(c.r, b.r)}, ${mix(c.g, b.g)}, ${mix(c.b, b.b)})`;
}

/** The lightest of the shade and darker ones that reads at AA on the background. */
function readable(shades: MantineColorsTuple, from: number, background: string): string {
  const candidates = [
    ...shades.slice(from),
    ...[0.15, 0.3, 0.45, 0.6].map((amount) => darken(shades[9], amount)),
  ];
  return candidates.find((c) => contrast(c, background) >= AA) ?? '#000';
}

/**
 * Mantine's stock colours fall short of AA in places: secondary ("dimmed") text is gray.6 (3.3:1 on
 * white), and light badges, subtle buttons and white text on filled buttons use shade 7, which for red,
 * green, teal, orange and others is 2.4 to 4.4:1. Each colour's text shades are darkened just enough to
 * reach 4.5:1 on its light tint over the grey of striped/hovered rows (the worst place they sit), and
 * filled backgrounds just enough for white text. Colours that already pass (ocean, grape, gray…) keep
 * their look.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const shade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const [name, shades] of Object.entries(t.colors)) {
    const tintOnRow = over(shades[shade], 0.12, t.colors.gray[1]);
    const text = readable(shades, shade, tintOnRow);
    const filled = readable(shades, shade, t.white);
    Object.assign(light, {
      [`--mantine-color-${name}-light-color`]: text,
      [`--mantine-color-${name}-outline`]: text,
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
    });
  }
  return { variables: {}, light, dark: {} };
};
