/**
 * Brazilian states and municipalities for api/Local/BuscarEstados and BuscarCidades, shipped with
 * the server in localities.json (IBGE codes and names of the 27 states and every municipality), so
 * the address form works without a table to seed. Ids are the IBGE codes, which is also what the
 * postal-code service answers as `ibge`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { City, State } from '../../../shared/contract/food-config';
import { sameName } from '../../../shared/food-config';

interface LocalitiesFile {
  states: Array<[number, string, string]>;
  cities: Record<string, Array<[number, string]>>;
}

let loaded: { states: State[]; citiesByState: Map<number, City[]>; cityById: Map<number, City> } | null = null;

function load() {
  if (loaded) return loaded;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'localities.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as LocalitiesFile;
  const states = raw.states.map(([id, nome, sigla]) => ({ id, nome, sigla }));
  const citiesByState = new Map<number, City[]>();
  const cityById = new Map<number, City>();
  for (const [stateId, list] of Object.entries(raw.cities)) {
    const cities = list.map(([id, nome]) => ({ id, nome, estadoId: Number(stateId) }));
    citiesByState.set(Number(stateId), cities);
    for (const c of cities) cityById.set(c.id, c);
  }
  loaded = { states, citiesByState, cityById };
  return loaded;
}

/** The 27 states, by name. */
export function listStates(): State[] {
  return load().states;
}

/** The municipalities of a state, by name; empty for an unknown state. */
export function listCities(stateId: number): City[] {
  return load().citiesByState.get(stateId) ?? [];
}

/** A state by abbreviation ("SP") or name ("São Paulo"), ignoring case and accents. */
export function findState(nameOrAbbreviation: string): State | null {
  const t = nameOrAbbreviation.trim();
  return load().states.find((s) => s.sigla.toLowerCase() === t.toLowerCase() || sameName(s.nome, t)) ?? null;
}

export function stateById(id: number): State | null {
  return load().states.find((s) => s.id === id) ?? null;
}

export function cityById(id: number): City | null {
  return load().cityById.get(id) ?? null;
}

/** A city of a state by IBGE code (when given and of that state) or by name. */
export function findCity(stateId: number, name: string, ibge?: number | null): City | null {
  if (ibge) {
    const c = cityById(ibge);
    if (c && c.estadoId === stateId) return c;
  }
  return listCities(stateId).find((c) => sameName(c.nome, name)) ?? null;
}
