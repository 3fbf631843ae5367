/**
 * Tutorials (spec 001 §2.12, routes /tutorialPortal and /tutorialPos in §2.16): "Nine tutorial videos
 * plus a recurring-problems section, each opened in a new tab." That sentence is all the spec says:
 * it names no video, no text and no address. So the pages show nine numbered videos and the
 * recurring-problems section, and each entry's address comes from the server's configuration
 * (TUTORIALS_PORTAL_LINKS / TUTORIALS_POS_LINKS, README); an entry without one says so instead of
 * linking to an address we made up.
 */
export const TUTORIAL_VIDEO_COUNT = 9;
/** Configured addresses per page: the nine videos, then the recurring-problems section. */
export const TUTORIAL_LINK_COUNT = TUTORIAL_VIDEO_COUNT + 1;

export type TutorialPageId = 'portal' | 'pos';

export const TUTORIAL_PAGES: Record<TutorialPageId, { title: string; env: string }> = {
  portal: { title: 'Tutoriais do portal', env: 'TUTORIALS_PORTAL_LINKS' },
  pos: { title: 'Tutoriais do POS', env: 'TUTORIALS_POS_LINKS' },
};

export const TUTORIALS_MSG = {
  intro: 'Nove vídeos tutoriais e uma seção de problemas recorrentes. Cada um abre em uma nova aba.',
  videos: 'Vídeos',
  problems: 'Problemas recorrentes',
  problemsLink: 'Abrir problemas recorrentes',
  newTab: 'abre em uma nova aba',
  noAddress: 'Endereço não configurado',
  /** Shown once, instead of ten "Endereço não configurado" cards, when no address is configured. */
  noneConfigured: 'Os tutoriais ainda não estão disponíveis neste portal: nenhum endereço de vídeo foi configurado.',
  noneConfiguredHelp: 'Peça ao administrador do portal para configurar os endereços. Quando estiverem configurados, cada vídeo abre em uma nova aba.',
  loadError: 'Não foi possível carregar os endereços dos tutoriais.',
} as const;

export const videoTitle = (n: number) => `Vídeo ${n}`;

/** Only http(s) addresses are offered as links; anything else counts as not configured. */
export function safeTutorialUrl(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads a comma-separated list of addresses in order (video 1..9, then the recurring-problems
 * section); an empty or invalid position is null ("Endereço não configurado").
 */
export function parseTutorialLinks(value: string | undefined): (string | null)[] {
  const parts = (value ?? '').split(',');
  return Array.from({ length: TUTORIAL_LINK_COUNT }, (_, i) => safeTutorialUrl(parts[i]));
}
