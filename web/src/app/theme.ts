import { createTheme } from '@mantine/core';

/** Breakpoints 640, 768, 1024, 1440, 1680 px (spec 000 §9), in em as Mantine expects. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '40em', sm: '48em', md: '64em', lg: '90em', xl: '105em' },
});
