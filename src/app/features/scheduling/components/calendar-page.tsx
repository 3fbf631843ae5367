import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TIME_ZONE } from '../../../../shared/format';
import { containsNow } from '../../../../shared/scheduling';
import { schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import classes from './calendar.module.css';

/**
 * Bookable agendas: primary colour (orange 8) with dark text, and the "happening now" colour (teal 9)
 * with white text. Staff shifts (escalas) are not bookable: a pale indigo with a dashed border and
 * dark text (class "escala", striped in calendar.module.css), so they never read as free slots.
 */
const COLOURS = {
  other: { backgroundColor: '#e8590c', borderColor: '#d9480f', textColor: '#000000' },
  now: { backgroundColor: '#087f5b', borderColor: '#087f5b', textColor: '#ffffff' },
  shift: { backgroundColor: '#edf2ff', borderColor: '#364fc7', textColor: '#1c2a6b' },
};

const nowFmt = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
/** Wall-clock time at the place, YYYY-MM-DDTHH:mm:ss (built from parts: locale formats differ between browsers). */
function placeNow(): string {
  const p = Object.fromEntries(nowFmt.formatToParts(new Date()).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Accessibility fixes on FullCalendar's markup, applied after it renders: the time grid scrolls,
 * so keyboard users must reach it (axe: scrollable-region-focusable); its layout tables carry grid
 * roles without the rows ARIA requires, so they are made presentational — each event is a link
 * whose name says what and when (eventDidMount).
 */
function fixCalendarMarkup(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const host = root?.querySelector('.fc') ?? root;
    if (!host) return;
    host.querySelectorAll<HTMLElement>('.fc-scroller').forEach((el) => {
      if (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth) {
        el.tabIndex = 0;
        el.setAttribute('aria-label', 'Grade de horários');
      }
    });
    host.querySelectorAll<HTMLElement>('table.fc-scrollgrid, table.fc-scrollgrid [role]').forEach((el) => {
      if (el.tagName === 'TABLE') el.setAttribute('role', 'presentation');
      else el.removeAttribute('role');
    });
  });
}

/** Calendar (spec 001 §2.4 item 7): a collaborator select and a week view in Portuguese. */
export function CalendarPage() {
  usePageTitle('Calendário');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  // Read at once (not after an effect): FullCalendar takes its first view only at mount.
  const phone = useMediaQuery('(max-width: 600px)', undefined, { getInitialValueInEffect: false });
  const collaborators = useQuery({ ...schedulingQueries.collaborators(localId), enabled: Boolean(localId) });
  const [collaboratorId, setCollaboratorId] = useState<string>('');
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [now, setNow] = useState(placeNow);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(placeNow()), 30_000);
    return () => clearInterval(t);
  }, []);
  const events = useQuery({
    ...schedulingQueries.events(localId, collaboratorId, range?.start ?? '', range?.end ?? ''),
    enabled: Boolean(localId && range),
  });

  const input: EventInput[] = useMemo(
    () =>
      (events.data ?? []).map((e) => {
        const current = containsNow(e, now);
        if (e.kind === 'escala') return { id: e.id, title: e.title, start: e.start, end: e.end, classNames: ['escala'], extendedProps: { current, kind: e.kind }, ...COLOURS.shift };
        return { id: e.id, title: e.title, start: e.start, end: e.end, classNames: current ? ['agenda', 'agora'] : ['agenda'], extendedProps: { current, kind: e.kind }, ...(current ? COLOURS.now : COLOURS.other) };
      }),
    [events.data, now],
  );

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver o calendário.</Alert>;

  const onDates = (arg: DatesSetArg) => {
    const start = arg.startStr.slice(0, 10);
    const end = arg.endStr.slice(0, 10);
    setRange((r) => (r?.start === start && r.end === end ? r : { start, end }));
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Calendário
      </Title>
      <Group align="flex-end" justify="space-between" gap="sm">
        <Select
          label="Colaborador"
          data={[{ value: '', label: 'Todos os colaboradores' }, ...(collaborators.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          value={collaboratorId}
          onChange={(v) => setCollaboratorId(v ?? '')}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 320 }}
        />
        <Group gap="xs">
          <Badge color="orange.8" variant="filled" radius="sm">
            Horário disponível
          </Badge>
          <Badge color="teal.9" variant="filled" radius="sm">
            Acontecendo agora
          </Badge>
          <Badge color="indigo.9" variant="outline" radius="sm" className={classes.shiftBadge}>
            Escala do colaborador
          </Badge>
        </Group>
      </Group>
      {events.isError && <Alert color="red">{events.error.message}</Alert>}
      <Paper ref={box} withBorder radius="md" p={{ base: 4, sm: 'md' }} className={classes.calendar} aria-busy={events.isFetching} data-testid="calendar">
        <FullCalendar
          plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin]}
          locale={ptBrLocale}
          initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
          headerToolbar={phone ? { left: 'prev,next', center: 'title', right: 'today' } : { left: 'prev,next today', center: 'title', right: 'timeGridWeek,timeGridDay' }}
          footerToolbar={phone ? { center: 'timeGridWeek,timeGridDay' } : undefined}
          dayHeaderFormat={phone ? { weekday: 'narrow', day: 'numeric' } : { weekday: 'short', day: '2-digit', month: '2-digit' }}
          titleFormat={phone ? { day: 'numeric', month: 'short' } : undefined}
          views={{ timeGridDay: { dayHeaderFormat: { weekday: 'long', day: 'numeric', month: 'long' } } }}
          buttonIcons={false}
          allDaySlot={false}
          slotEventOverlap={false}
          nowIndicator
          scrollTime="07:00:00"
          slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          height={phone ? 620 : 720}
          expandRows
          events={input}
          datesSet={(arg) => {
            onDates(arg);
            fixCalendarMarkup(box.current);
          }}
          viewDidMount={() => fixCalendarMarkup(box.current)}
          eventsSet={() => fixCalendarMarkup(box.current)}
          eventDidMount={(arg) => {
            const shift = arg.event.extendedProps.kind === 'escala';
            arg.el.setAttribute('aria-label', `${arg.event.title}, ${arg.timeText}${shift ? ', escala (não reservável)' : arg.event.extendedProps.current ? ', acontecendo agora' : ''}`);
          }}
        />
      </Paper>
      {events.isSuccess && events.data.length === 0 && (
        <Text c="gray.7" size="sm">
          Nenhum horário neste período.
        </Text>
      )}
    </Stack>
  );
}
