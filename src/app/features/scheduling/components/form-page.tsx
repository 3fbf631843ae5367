import { Anchor, Paper, Select, Stack, Title, type SelectProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEventHandler, ReactNode } from 'react';
import forms from './forms.module.css';

/** The top of a scheduling page: the way back (a link) above the page's h1. */
export function BackTitle({ to, back, title }: { to: '/agendamento/lista' | '/agendamento/mapa'; back: string; title: ReactNode }) {
  return (
    <>
      <Anchor component={Link} to={to} size="sm">
        {back}
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
    </>
  );
}

/** The form of a scheduling form page, in its panel and named by the page's title. */
export function FormPanel({ title, onSubmit, children }: { title: string; onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form className={forms.form} onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack>{children}</Stack>
      </form>
    </Paper>
  );
}

/**
 * A required, searchable choice among the place's named records (collaborators, agendas), saying
 * "Carregando…" while their list comes.
 */
export function NamedSelect({ items, loading, ...input }: { items: ReadonlyArray<{ id: string; name: string }> | undefined; loading: boolean } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      withAsterisk
      placeholder={loading ? 'Carregando…' : 'Selecione'}
      data={(items ?? []).map((c) => ({ value: c.id, label: c.name }))}
      searchable
      {...input}
    />
  );
}
