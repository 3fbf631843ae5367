/** Location types 1-24 (spec 000 §3), in order. */
export const LOCATION_TYPES = [
  'Bar', 'Boate', 'Academia', 'Colegio', 'Parques', 'Times', 'Estadios', 'Eventos', 'Restaurantes',
  'FranquiaRede', 'SalaoDeBeleza', 'Consultorio', 'Igreja', 'ConcessionariaDeAlimentacao',
  'ClubesResorts', 'Parceiro', 'HotelMotel', 'Lanchonete', 'Cafeteria', 'Farmacias', 'Doacoes',
  'Delivery', 'Hospitais', 'Condominios',
] as const;
export type LocationTypeName = (typeof LOCATION_TYPES)[number];

/** Numeric id (1-24) of a location type name. */
export function locationTypeId(name: LocationTypeName): number {
  return LOCATION_TYPES.indexOf(name) + 1;
}

/** origemPropostaCliente: where the venue's contract came from. */
export const PROPOSAL_ORIGIN = { backOffice: 1, food: 2, donate: 3 } as const;
