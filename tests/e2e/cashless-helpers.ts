import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';



export const expectCashlessAccessible = (page: Page) => expectAccessible(page);
