import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom renders antd's larger components (the login dialog's country Select) slowly when the
    // other suites share CI's two cores; 5 s was seen to time out there, never a real failure.
    testTimeout: 15_000,
    // The suite is jsdom work on one thread a file: a second worker uses CI's second core (12 ->
    // 8 minutes there). The other projects keep one (their tests start servers, pools and
    // databases of their own), so this one runs as a group of its own after them.
    maxWorkers: '100%',
    sequence: { groupOrder: 1 },
  },
});
