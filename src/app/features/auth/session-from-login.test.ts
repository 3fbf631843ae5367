import { describe, expect, it, vi } from 'vitest';
import type { LoginSuccess, UserInfo } from '../../../shared/contract/auth';
import { storedSession } from '../../lib/session';
import { sessionFromLogin } from './session-from-login';

const info = (over: Partial<UserInfo> = {}): UserInfo => ({
  usuarioMeep: { usuarioId: 'u1', nome: 'Gustavo Gerente', email: 'gerente@balcao.dev' },
  locais: [
    { id: 'p1', nome: 'Restaurante Sabor da Casa', tipo: 1, origemPropostaCliente: 2 },
    { id: 'p2', nome: 'Colégio Horizonte', tipo: 3, origemPropostaCliente: 1 },
  ],
  configuracaoUsuarioMeep: { desktopApp: false, portalLegado: true },
  roles: 'Painel;CadastroLoja',
  isAdmin: false,
  ...over,
});
const login = (over: Partial<UserInfo> = {}): LoginSuccess => ({ ...info(over), access_token: 'tok', token_type: 'bearer', expires_in: 3600 });

describe('sessionFromLogin', () => {
  it('takes the profile from userinfo, makes the first place current and merges its roles', async () => {
    const placeRoles = vi.fn(async () => ['ListaAgendamento', 'Painel']);
    const s = await sessionFromLogin(login({ roles: 'stale' }), { userInfo: async () => info(), placeRoles });
    expect(placeRoles).toHaveBeenCalledWith('p1', 'tok');
    expect(s.token).toBe('tok');
    expect(s.userName).toBe('Gustavo Gerente');
    expect(s.currentLocation).toEqual({ localId: 'p1', nomeLocal: 'Restaurante Sabor da Casa', origemPropostaCliente: 2, tipo: 1 });
    expect(s.locations.map((l) => l.id)).toEqual(['p1', 'p2']);
    expect(s.baseRoles).toBe('Painel;CadastroLoja');
    expect(s.roles.split(';').sort()).toEqual(['CadastroLoja', 'ListaAgendamento', 'Painel']);
    expect(s.portalLegado).toBe(true);
  });

  it('falls back on the sign-in answer when userinfo fails, and skips the roles of a place that refuses', async () => {
    const s = await sessionFromLogin(login({ roles: 'Painel' }), {
      userInfo: async () => {
        throw new Error('offline');
      },
      placeRoles: async () => null,
    });
    expect(s.roles).toBe('Painel');
    expect(s.currentLocation?.localId).toBe('p1');
  });

  it('has no current place and asks no roles for a user without places', async () => {
    const placeRoles = vi.fn(async () => ['X']);
    const s = await sessionFromLogin(login({ locais: [] }), { userInfo: async () => info({ locais: [] }), placeRoles });
    expect(placeRoles).not.toHaveBeenCalled();
    expect(s.currentLocation).toBeNull();
  });

  it('is stored with the legacy names beside ours', async () => {
    const s = storedSession(await sessionFromLogin(login(), { userInfo: async () => info(), placeRoles: async () => null }));
    expect(s.usuarioId).toBe('u1');
    expect(s.nome).toBe('Gustavo Gerente');
    expect(s.papeis).toBe(s.roles);
    expect(s.localCorrente).toEqual(s.currentLocation);
  });
});
