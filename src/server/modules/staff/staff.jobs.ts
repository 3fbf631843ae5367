/**
 * E-mails of a place's people (issue 24, moved onto the durable job queue for issue 27): the
 * request enqueues them in the transaction that adds or re-invites the person, so a crash after
 * the answer never loses an invitation, and an invitation whose change rolled back is never sent.
 * Payloads carry ids and the inviter's display name only; the job reads the rest.
 *
 * - `staff.invite-mail`: the person has no password yet. The job makes the single-use link itself
 *   (INVITE_TTL_HOURS), revoking every older one, so only the newest invitation works; a failed
 *   send revokes the new link and the retry makes another. Nothing is sent when the person has
 *   since created a password or left the place.
 * - `staff.access-mail`: an existing account was given access to one more place (before issue 37;
 *   kept so jobs queued before the upgrade still run; nothing enqueues it now).
 * - `staff.consent-mail` { invitationId }: an existing account is invited; it joins only when it
 *   accepts (Minha conta → Convites, or the link, which needs that account's sign-in).
 */
import { and, eq, gt } from 'drizzle-orm';
import { INVITE_TTL_HOURS } from '../../../shared/staff';
import { memberships, users } from '../../db/schema/auth';
import { venueInvitations } from '../../db/schema/staff';
import { venues } from '../../db/schema/venues';
import type { JobContext, JobQueue } from '../../lib/jobs';
import { letter, type Mailer } from '../../lib/mailer';
import { sendResetLink } from '../auth/auth.jobs';
import { NO_PASSWORD, resolveProfile } from './staff.repository';

export const STAFF_JOBS = { inviteMail: 'staff.invite-mail', accessMail: 'staff.access-mail', consentMail: 'staff.consent-mail' } as const;

export interface ConsentMailPayload {
  invitationId: string;
}

export interface StaffMailPayload {
  userId: string;
  venueId: string;
  /** Who invited (shown in the message). */
  inviter: string;
  profileLabel: string;
}

/** The person and the place, or null when the person is no longer a member (nothing to send). */
async function recipient(ctx: JobContext, p: StaffMailPayload) {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash, place: venues.name })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.venueId, p.venueId)))
    .innerJoin(venues, eq(venues.id, p.venueId))
    .where(eq(users.id, p.userId));
  return row ?? null;
}

export function defineStaffMailJobs(jobs: JobQueue, deps: { mailer: Mailer; publicUrl: string }): void {
  const { mailer } = deps;

  jobs.defineJob<StaffMailPayload>(STAFF_JOBS.inviteMail, async (p, ctx) => {
    const person = await recipient(ctx, p);
    if (!person || person.passwordHash !== NO_PASSWORD) return;
    await sendResetLink(ctx.db, mailer, person.id, INVITE_TTL_HOURS * 3600, (token) => ({
      to: person.email,
      subject: `Convite para ${person.place} no Balcão`,
      text: letter(
        person.name,
        `${p.inviter} convidou você para a equipe de ${person.place} no Balcão, com o perfil ${p.profileLabel}.`,
        'Para criar sua senha e entrar, abra:',
        `${deps.publicUrl}/aceitarConvite?token=${encodeURIComponent(token)}`,
        '',
        `O link vale por ${INVITE_TTL_HOURS} horas e pode ser usado uma vez. Depois, entre com este e-mail e a senha que criar.`,
        'Se você não esperava este convite, ignore este e-mail.',
      ),
    }));
  });

  jobs.defineJob<StaffMailPayload>(STAFF_JOBS.accessMail, async (p, ctx) => {
    const person = await recipient(ctx, p);
    if (!person) return;
    await mailer.send({
      to: person.email,
      subject: `Você agora faz parte de ${person.place} no Balcão`,
      text: letter(
        person.name,
        `${p.inviter} deu a você acesso a ${person.place} no Balcão, com o perfil ${p.profileLabel}.`,
        `Entre com sua conta de sempre em ${deps.publicUrl}/login e escolha ${person.place} no seletor de estabelecimento.`,
      ),
    });
  });

  jobs.defineJob<ConsentMailPayload>(STAFF_JOBS.consentMail, async ({ invitationId }, ctx) => {
    const [row] = await ctx.db
      .select({
        name: users.name,
        email: users.email,
        place: venues.name,
        venueId: venueInvitations.venueId,
        profile: venueInvitations.profile,
        inviter: venueInvitations.invitedByName,
        expiresAt: venueInvitations.expiresAt,
      })
      .from(venueInvitations)
      .innerJoin(users, eq(users.id, venueInvitations.userId))
      .innerJoin(venues, eq(venues.id, venueInvitations.venueId))
      .where(and(eq(venueInvitations.id, invitationId), gt(venueInvitations.expiresAt, new Date())));
    // Cancelled, answered or expired since: nothing to say.
    if (!row) return;
    const profile = await resolveProfile(ctx.db, row.venueId, row.profile);
    const link = `${deps.publicUrl}/aceitarConvite?convite=${encodeURIComponent(invitationId)}`;
    await mailer.send({
      to: row.email,
      subject: `Convite para ${row.place} no Balcão`,
      text: letter(
        row.name,
        `${row.inviter} convidou você para a equipe de ${row.place} no Balcão${profile ? `, com o perfil ${profile.label}` : ''}.`,
        'Você já tem uma conta: nada muda até você aceitar. Para aceitar ou recusar, entre com a sua conta e abra:',
        link,
        '',
        'Ou veja em Minha conta → Convites.',
        `O convite vale por ${INVITE_TTL_HOURS} horas. Se você não conhece este estabelecimento, recuse ou ignore este e-mail.`,
      ),
    });
  });
}
