/** Tutorials' API contract (spec 001 §2.12; the path is ours: the spec shows no call for these pages). */
import { z } from 'zod/mini';
import '../zod-locale';

export const TUTORIALS_API = { links: '/api/tutoriais/links' } as const;

/** Per page: ten addresses (videos 1..9, then the recurring-problems section); null = not configured. */
const pageLinks = z.array(z.nullable(z.string()));
export const tutorialLinks = z.object({ portal: pageLinks, pos: pageLinks });
export type TutorialLinks = z.infer<typeof tutorialLinks>;
