import { Select } from '@mantine/core';
import type { Session } from '../../lib/session';

/** The place selector (people with more than one place); loaded only for them (see PortalShell). */
export default function PlaceSelect({ session, switching, onPlace }: { session: Session; switching: boolean; onPlace: (id: string | null) => void }) {
  return (
    <Select
      aria-label="Estabelecimento"
      data={session.locations.map((l) => ({ value: l.id, label: l.name }))}
      value={session.currentLocation?.localId ?? null}
      onChange={onPlace}
      allowDeselect={false}
      disabled={switching}
      w={{ base: 170, sm: 280 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="place-selector"
    />
  );
}
