import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'ocean',
  colors: {
    ocean: ['#e7f1fb', '#cfe0f3', '#9ebfe6', '#699cd9', '#3f7fce', '#246cc8', '#1262c6', '#0b5394', '#00468a', '#003b7a'],
  },
  primaryShade: 7,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});
