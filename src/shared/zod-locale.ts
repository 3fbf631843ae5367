/** Zod's default messages in Brazilian Portuguese, on server and client alike (import once at start). */
import { z } from 'zod/mini';
import ptBR from 'zod/v4/locales/pt-BR.js';

z.config(ptBR());
