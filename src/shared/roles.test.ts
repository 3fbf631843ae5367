import { describe, expect, it } from 'vitest';
import { ADMIN_TOOL_ROLES, ALL_ROLES, hasAccess, mergeRoles, parseRoles, SUPPORT_ROLES, UNLOCK_ADMIN_PARAMETERS, VENUE_ROLES } from './roles';

describe('parseRoles', () => {
  it('splits on semicolons, trimming and dropping empty parts', () => {
    expect(parseRoles('Painel;MeepFoodConfiguration')).toEqual(['Painel', 'MeepFoodConfiguration']);
    expect(parseRoles(' Painel ; ;Doacoes;;')).toEqual(['Painel', 'Doacoes']);
    expect(parseRoles(';')).toEqual([]);
  });

  it('answers an empty list for empty, null and undefined', () => {
    expect(parseRoles('')).toEqual([]);
    expect(parseRoles('   ')).toEqual([]);
    expect(parseRoles(null)).toEqual([]);
    expect(parseRoles(undefined)).toEqual([]);
  });

  it('does not split on commas (those are requirements, not held roles)', () => {
    expect(parseRoles('Admin,SuporteMeep')).toEqual(['Admin,SuporteMeep']);
  });

  it('keeps case', () => {
    expect(parseRoles('painel;PAINEL')).toEqual(['painel', 'PAINEL']);
  });
});

describe('mergeRoles', () => {
  it('joins strings and lists with semicolons, removing duplicates in first-seen order', () => {
    expect(mergeRoles('Painel;Doacoes', ['Doacoes', 'CadastroLoja'], 'Painel')).toBe('Painel;Doacoes;CadastroLoja');
  });

  it('ignores empty, null and undefined parts and blank entries', () => {
    expect(mergeRoles(null, undefined, '', ['  ', ''], ' Painel ')).toBe('Painel');
    expect(mergeRoles()).toBe('');
  });

  it('trims entries of lists before comparing', () => {
    expect(mergeRoles([' Painel', 'Painel '], 'Painel')).toBe('Painel');
  });

  it('round-trips with parseRoles', () => {
    const merged = mergeRoles(VENUE_ROLES, SUPPORT_ROLES, VENUE_ROLES.join(';'));
    expect(parseRoles(merged)).toEqual([...VENUE_ROLES, ...SUPPORT_ROLES]);
  });
});

describe('hasAccess', () => {
  it('grants everyone when the requirement is empty, blank, null or undefined', () => {
    for (const req of ['', '  ', ',', null, undefined]) {
      expect(hasAccess('', req)).toBe(true);
      expect(hasAccess([], req)).toBe(true);
    }
  });

  it('needs one role of a single requirement', () => {
    expect(hasAccess('Painel', 'Painel')).toBe(true);
    expect(hasAccess('Doacoes', 'Painel')).toBe(false);
    expect(hasAccess('', 'Painel')).toBe(false);
  });

  it('treats a comma-separated requirement as any-of, trimming each part', () => {
    expect(hasAccess('SuporteMeep', 'Admin, SuporteMeep')).toBe(true);
    expect(hasAccess('Admin', ' Admin ,SuporteMeep')).toBe(true);
    expect(hasAccess('Painel', 'Admin,SuporteMeep')).toBe(false);
    expect(hasAccess('Painel', 'Admin,,Painel')).toBe(true);
  });

  it('reads the held roles as a semicolon string or a list', () => {
    expect(hasAccess('Painel; Doacoes', 'Doacoes')).toBe(true);
    expect(hasAccess(['Painel', 'Doacoes'], 'Doacoes')).toBe(true);
    expect(hasAccess(['Painel'], 'Doacoes')).toBe(false);
  });

  it('is case-sensitive and exact (no prefix matches)', () => {
    expect(hasAccess('painel', 'Painel')).toBe(false);
    expect(hasAccess('PainelExtra', 'Painel')).toBe(false);
    expect(hasAccess('Admin', 'AdminPortal')).toBe(false);
  });

  it('unlocks the administrator parameters for SuporteMeep or Admin only', () => {
    expect(hasAccess('SuporteMeep', UNLOCK_ADMIN_PARAMETERS)).toBe(true);
    expect(hasAccess('Admin', UNLOCK_ADMIN_PARAMETERS)).toBe(true);
    expect(hasAccess(VENUE_ROLES, UNLOCK_ADMIN_PARAMETERS)).toBe(false);
  });
});

describe('role lists', () => {
  it('have no duplicates and keep venue roles apart from support and finance tools', () => {
    expect(new Set(ALL_ROLES).size).toBe(ALL_ROLES.length);
    for (const r of [...ADMIN_TOOL_ROLES, ...SUPPORT_ROLES]) expect(VENUE_ROLES).not.toContain(r);
  });

  it('name the roles spec 000 §6 relies on', () => {
    for (const r of ['MeepFoodConfiguration', 'Painel', 'IntegracaoIfoodKds', 'Doacoes', 'CadastroLoja', 'CadastroLink']) {
      expect(VENUE_ROLES).toContain(r);
    }
    expect([...SUPPORT_ROLES].sort()).toEqual(['Admin', 'SuporteMeep']);
  });
});
