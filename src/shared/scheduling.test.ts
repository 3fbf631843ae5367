import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agendaMessages,
  AGENDA_OWNER,
  canAddSlot,
  containsNow,
  expandWeekly,
  SCHED_MSG,
  slotsOverlap,
  sortSlots,
  toMinutes,
  validateAgenda,
  validateCategory,
  validateCollaboratorSchedule,
  validateService,
  validateSlot,
  validateSlots,
  weekdayOf,
} from './scheduling';

const slot = (dayOfWeek: number, startHour: string, endHour: string) => ({ dayOfWeek, startHour, endHour });

describe('validateSlot (spec 001 §5: adding a time slot)', () => {
  it('asks for the weekday, the start and the end, in that order', () => {
    expect(validateSlot({})).toBe('Selecione um dia da semana para continuar');
    expect(validateSlot({ dayOfWeek: 8, startHour: '08:00', endHour: '09:00' })).toBe(SCHED_MSG.weekdayRequired);
    expect(validateSlot({ dayOfWeek: 1 })).toBe('Escolha a hora inicial para continuar');
    expect(validateSlot({ dayOfWeek: 1, startHour: '08:00' })).toBe('Escolha a hora final para continuar');
    expect(validateSlot({ dayOfWeek: 1, startHour: '08:00', endHour: '' })).toBe(SCHED_MSG.endRequired);
  });
  it('refuses a start after (or equal to) the end and malformed times', () => {
    expect(validateSlot(slot(1, '10:00', '09:00'))).toBe('Hora inicial não pode ser maior que hora final');
    expect(validateSlot(slot(1, '10:00', '10:00'))).toBe(SCHED_MSG.startAfterEnd);
    expect(validateSlot(slot(1, '24:00', '25:00'))).toBe(SCHED_MSG.slotInvalidTime);
    expect(validateSlot(slot(1, '9:00', '10:00'))).toBe(SCHED_MSG.slotInvalidTime);
    expect(validateSlot(slot(7, '00:00', '23:59'))).toBeNull();
  });
});

describe('overlap and order', () => {
  it('overlap only on the same day; touching ends do not overlap', () => {
    expect(slotsOverlap(slot(1, '08:00', '10:00'), slot(1, '09:59', '11:00'))).toBe(true);
    expect(slotsOverlap(slot(1, '08:00', '10:00'), slot(1, '10:00', '11:00'))).toBe(false);
    expect(slotsOverlap(slot(1, '08:00', '10:00'), slot(2, '08:00', '10:00'))).toBe(false);
    expect(slotsOverlap(slot(3, '08:00', '18:00'), slot(3, '12:00', '13:00'))).toBe(true);
  });
  it('canAddSlot names the day of the clash', () => {
    expect(canAddSlot([slot(3, '08:00', '12:00')], slot(3, '11:00', '13:00'))).toBe('Já existe um horário nesse intervalo na Quarta.');
    expect(canAddSlot([slot(3, '08:00', '12:00')], slot(3, '12:00', '13:00'))).toBeNull();
  });
  it('validateSlots finds the first problem of a list', () => {
    expect(validateSlots([slot(1, '08:00', '09:00'), slot(1, '10:00', '11:00')])).toBeNull();
    expect(validateSlots([slot(1, '08:00', '09:00'), slot(1, '08:30', '11:00')])).toBe(SCHED_MSG.slotOverlap('Segunda'));
    expect(validateSlots([slot(1, '08:00', '09:00'), { dayOfWeek: 2 }])).toBe(SCHED_MSG.startRequired);
  });
  it('a list accepted by validateSlots has no pair overlapping (property)', () => {
    const time = fc.integer({ min: 0, max: 23 * 60 + 59 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(fc.record({ dayOfWeek: fc.integer({ min: 1, max: 7 }), startHour: time, endHour: time }), { maxLength: 8 }), (list) => {
        if (validateSlots(list) !== null) return;
        for (let i = 0; i < list.length; i++) {
          expect(toMinutes(list[i].startHour)).toBeLessThan(toMinutes(list[i].endHour));
          for (let j = i + 1; j < list.length; j++) expect(slotsOverlap(list[i], list[j])).toBe(false);
        }
      }),
    );
  });
  it('sorts by weekday then start', () => {
    expect(sortSlots([slot(3, '10:00', '11:00'), slot(1, '12:00', '13:00'), slot(1, '08:00', '09:00')]).map((s) => `${s.dayOfWeek} ${s.startHour}`)).toEqual([
      '1 08:00',
      '1 12:00',
      '3 10:00',
    ]);
  });
});

describe('validateAgenda (spec 001 §5: agenda save)', () => {
  const ok = {
    owner: AGENDA_OWNER.collaborator,
    collaboratorId: 'c',
    categoryScheduleId: 'x',
    name: 'Corte',
    description: 'Corte de cabelo',
    durationBase: 30,
    availabilityDescription: 'Dias úteis',
    availableDays: [slot(1, '08:00', '12:00')],
  };
  it('accepts a complete agenda', () => expect(validateAgenda(ok)).toEqual({}));
  it('reports every problem at once, the spec’s messages first', () => {
    const e = validateAgenda({ owner: AGENDA_OWNER.place, durationBase: 0 });
    expect(agendaMessages(e)).toEqual([
      'Selecione uma categoria para continuar',
      'Preencha o campo de descrição para continuar',
      'Preencha o campo de descrição do agendamento para continuar',
      'Necessário cadastrar ao menos um horário',
      SCHED_MSG.placeRequired,
      SCHED_MSG.nameRequired,
      SCHED_MSG.durationMin,
    ]);
  });
  it('duration minimum 1 (whole minutes); a collaborator is needed for a collaborator agenda', () => {
    expect(validateAgenda({ ...ok, durationBase: 1 })).toEqual({});
    expect(validateAgenda({ ...ok, durationBase: 0 }).durationBase).toBe(SCHED_MSG.durationMin);
    expect(validateAgenda({ ...ok, durationBase: 1.5 }).durationBase).toBe(SCHED_MSG.durationMin);
    expect(validateAgenda({ ...ok, collaboratorId: ' ' }).collaboratorId).toBe(SCHED_MSG.collaboratorRequired);
    expect(validateAgenda({ ...ok, description: '   ' }).description).toBe(SCHED_MSG.descriptionRequired);
  });
  it('overlapping slots are refused on save too', () => {
    expect(validateAgenda({ ...ok, availableDays: [slot(1, '08:00', '12:00'), slot(1, '11:00', '13:00')] }).availableDays).toBe(SCHED_MSG.slotOverlap('Segunda'));
  });
});

describe('service, category and collaborator schedule', () => {
  it('service messages; price zero counts as missing; duration minimum 0', () => {
    expect(validateService({})).toEqual({
      name: 'Preencha um nome para continuar',
      value: 'Preencha um preço para continuar',
      scheduleId: 'Selecione uma agenda para continuar',
      duration: 'Preencha a duração para continuar',
    });
    expect(validateService({ name: 'A', value: 0, scheduleId: 'x', duration: 0 })).toEqual({ value: SCHED_MSG.servicePriceRequired });
    expect(validateService({ name: 'A', value: 10.5, scheduleId: 'x', duration: 0 })).toEqual({});
    expect(validateService({ name: 'A', value: -1, scheduleId: 'x', duration: -1 })).toEqual({ value: SCHED_MSG.servicePriceNegative, duration: SCHED_MSG.serviceDurationMin });
  });
  it('category needs a name', () => {
    expect(validateCategory({ name: ' ' })).toEqual({ name: 'Preencha o nome para continuar' });
    expect(validateCategory({ name: 'Eventos' })).toEqual({});
  });
  it('collaborator schedule: collaborator, real dates in order, slots', () => {
    expect(validateCollaboratorSchedule({})).toEqual({
      collaboratorId: SCHED_MSG.collaboratorRequired,
      startDate: SCHED_MSG.startDateRequired,
      endDate: SCHED_MSG.endDateRequired,
      availableDays: SCHED_MSG.slotRequired,
    });
    expect(validateCollaboratorSchedule({ collaboratorId: 'c', startDate: '2026-02-30', endDate: '2026-03-01', availableDays: [slot(1, '08:00', '09:00')] })).toEqual({
      startDate: SCHED_MSG.invalidDate,
    });
    expect(validateCollaboratorSchedule({ collaboratorId: 'c', startDate: '2026-03-02', endDate: '2026-03-01', availableDays: [slot(1, '08:00', '09:00')] })).toEqual({
      endDate: SCHED_MSG.dateOrder,
    });
  });
});

describe('calendar expansion', () => {
  it('weekdayOf follows Monday 1 … Sunday 7', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });
  it('expands weekly slots into the days of [start, end), within a source’s period', () => {
    const events = expandWeekly(
      [
        { id: 'a', title: 'Degustação', kind: 'agenda', slots: [slot(1, '12:00', '14:00'), slot(7, '09:00', '10:00')] },
        { id: 'e', title: 'Escala', kind: 'escala', from: '2026-11-25', to: '2026-11-26', slots: [slot(1, '08:00', '17:00'), slot(3, '08:00', '17:00'), slot(5, '08:00', '17:00')] },
      ],
      '2026-11-23',
      '2026-11-30',
    );
    expect(events.map((e) => `${e.title} ${e.start}–${e.end.slice(11)}`)).toEqual([
      'Degustação 2026-11-23T12:00:00–14:00:00',
      'Escala 2026-11-25T08:00:00–17:00:00',
      'Degustação 2026-11-29T09:00:00–10:00:00',
    ]);
  });
  it('containsNow: start inclusive, end exclusive', () => {
    const e = { start: '2026-11-23T12:00:00', end: '2026-11-23T14:00:00' };
    expect(containsNow(e, '2026-11-23T12:00')).toBe(true);
    expect(containsNow(e, '2026-11-23T13:59:59')).toBe(true);
    expect(containsNow(e, '2026-11-23T14:00:00')).toBe(false);
    expect(containsNow(e, '2026-11-23T11:59:59')).toBe(false);
  });
});
