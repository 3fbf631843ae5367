import { ActionIcon, Tooltip, type ActionIconProps, type ElementProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { EditIcon, TrashIcon } from './icons';

type IconActionProps = ActionIconProps &
  ElementProps<'button', 'color' | 'style'> & {
    /** Its accessible name ("Editar categoria X"): the icon says nothing to a screen reader. */
    'aria-label': string;
    /** A link instead of a button (`<Link {...props} to=… />`). */
    renderRoot?: (props: Record<string, unknown>) => ReactNode;
  };

/**
 * An icon button of a list's row or card (Editar, Excluir, Detalhes…): subtle, 44 px for a finger,
 * with its word in a tooltip (`tip`).
 */
export function IconAction({ tip, children, ...props }: IconActionProps & { tip: string; children: ReactNode }) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" size={44} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's "Editar" icon button. */
export const EditAction = (props: IconActionProps) => (
  <IconAction tip="Editar" {...props}>
    <EditIcon />
  </IconAction>
);

/** A row's "Excluir" icon button (red). */
export const DeleteAction = (props: IconActionProps) => (
  <IconAction tip="Excluir" color="red" {...props}>
    <TrashIcon />
  </IconAction>
);
