/** Zod's default messages in Portuguese, on server and client alike (import once at start). */
import { z } from 'zod';

z.config(z.locales.pt());
