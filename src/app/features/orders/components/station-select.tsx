/**
 * The station screen chooser: every station of the open orders (from each product's printer), the
 * expeditor, or all. A native select: light for the board's first paint, and a bump bar can reach it.
 */
import { EXPEDITOR } from '../model/stations';
import classes from './board.module.css';

export function StationSelect({ value, stations, onChange }: { value: string | null; stations: readonly string[]; onChange: (s: string | null) => void }) {
  // A station chosen before its orders arrive (a bookmarked screen) stays in the list.
  const options = value && value !== EXPEDITOR && !stations.includes(value) ? [...stations, value] : stations;
  return (
    <label className={classes.stationSelect}>
      <span>Estação</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)} data-testid="station-select">
        <option value="">Todas as estações</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
        <option value={EXPEDITOR}>Expedição (pedido completo)</option>
      </select>
    </label>
  );
}
