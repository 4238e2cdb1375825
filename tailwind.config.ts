import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef7f1',
          100: '#d5ecdd',
          600: '#0b7a3e',
          700: '#086332',
          800: '#064d27',
          900: '#053d1f',
        },
        accent: { 600: '#c62b36', 700: '#a3202b' },
        ink: { 900: '#14201a', 700: '#33413a', 600: '#4a5a52' },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
} satisfies Config;
