import { Box, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { FOOD_CONFIG_MSG } from '../../../../shared/food-config';

/**
 * Wraps a field that only SuporteMeep or Admin may change (spec 000 §6): when locked, the field is
 * disabled and a focusable wrapper shows "Para alterar, entre em contato com o Suporte MEEP".
 */
export function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  if (!locked) return <>{children}</>;
  return (
    <Tooltip label={FOOD_CONFIG_MSG.lockedField} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <Box tabIndex={0} role="group" aria-label={FOOD_CONFIG_MSG.lockedField} data-locked="true" style={{ borderRadius: 4 }}>
        {children}
      </Box>
    </Tooltip>
  );
}
