import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

const Mantine = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

/** Renders with Mantine in test mode (no transitions); `rerender` keeps the provider. */
export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: Mantine });
}
