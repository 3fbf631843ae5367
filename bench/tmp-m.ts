import { measureLoginJs } from './login-js';
console.log(await measureLoginJs());
