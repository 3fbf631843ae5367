/**
 * Demo scheduling for the restaurant: three categories, two agendas (a collaborator's and a
 * place's) with services and a week of availability, and a collaborator schedule for the
 * months around today, so the calendar and the schedule map show something on first use.
 */
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { collaboratorScheduleDays, collaboratorSchedules, scheduleAvailableDays, scheduleCategories, schedules, scheduleServices } from '../../db/schema/scheduling';

const iso = (d: Date) => d.toISOString().slice(0, 10);

export async function seedSchedulingDemo({ tx, venues, users }: DemoSeedContext): Promise<void> {
  const venueId = venues.restaurant;
  const [events, tasting, terrace] = await tx
    .insert(scheduleCategories)
    .values([
      { venueId, name: 'Eventos' },
      { venueId, name: 'Degustação' },
      { venueId, name: 'Reservas de espaço' },
    ])
    .returning({ id: scheduleCategories.id });
  void events;

  const [chef, deck] = await tx
    .insert(schedules)
    .values([
      {
        venueId,
        name: 'Degustação com o chef',
        description: 'Menu degustação harmonizado, conduzido pelo chef na bancada da cozinha.',
        durationBase: 90,
        categoryId: tasting.id,
        collaboratorId: users['gerente@balcao.dev'],
        availabilityDescription: 'De terça a sábado, no almoço e no jantar.',
      },
      {
        venueId,
        name: 'Terraço para eventos',
        description: 'Espaço coberto no terraço para aniversários e confraternizações de até 40 pessoas.',
        durationBase: 240,
        categoryId: terrace.id,
        placeId: 'Terraço',
        availabilityDescription: 'Sextas, sábados e domingos.',
      },
    ])
    .returning({ id: schedules.id });

  const week: Array<[number, string, string]> = [
    [2, '12:00', '14:30'],
    [2, '19:00', '22:00'],
    [3, '12:00', '14:30'],
    [3, '19:00', '22:00'],
    [4, '12:00', '14:30'],
    [4, '19:00', '22:00'],
    [5, '12:00', '14:30'],
    [5, '19:00', '23:00'],
    [6, '12:00', '15:00'],
    [6, '19:00', '23:00'],
  ];
  await tx.insert(scheduleAvailableDays).values([
    ...week.map(([dayOfWeek, startHour, endHour]) => ({ scheduleId: chef.id, dayOfWeek, startHour, endHour })),
    { scheduleId: deck.id, dayOfWeek: 5, startHour: '18:00', endHour: '23:59' },
    { scheduleId: deck.id, dayOfWeek: 6, startHour: '11:00', endHour: '23:59' },
    { scheduleId: deck.id, dayOfWeek: 7, startHour: '11:00', endHour: '18:00' },
  ]);
  await tx.insert(scheduleServices).values([
    { scheduleId: chef.id, name: 'Menu degustação (5 tempos)', valueCents: 28900, duration: 90 },
    { scheduleId: chef.id, name: 'Harmonização de vinhos', valueCents: 14950, duration: 0 },
    { scheduleId: deck.id, name: 'Reserva do terraço (4 horas)', valueCents: 120000, duration: 240 },
    { scheduleId: deck.id, name: 'Decoração temática', valueCents: 45000, duration: 60 },
  ]);

  const today = new Date();
  const from = new Date(today.getTime() - 30 * 86_400_000);
  const to = new Date(today.getTime() + 180 * 86_400_000);
  const [shift] = await tx
    .insert(collaboratorSchedules)
    .values({ venueId, collaboratorId: users['mfa@balcao.dev'], startDate: iso(from), endDate: iso(to) })
    .returning({ id: collaboratorSchedules.id });
  await tx.insert(collaboratorScheduleDays).values(
    [1, 2, 3, 4, 5].map((dayOfWeek) => ({ collaboratorScheduleId: shift.id, dayOfWeek, startHour: '08:00', endHour: '17:00' })),
  );
}
