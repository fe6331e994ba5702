import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { notCheckedSummary } from './axe';

afterEach(() => cleanup());

afterAll(() => {
  const line = notCheckedSummary();
  if (line) console.info(line);
});
