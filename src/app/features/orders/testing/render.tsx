import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders with Mantine in test mode (no transitions). */
export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}
