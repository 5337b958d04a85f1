import { HI } from '../server/lib/i18n-hi.ts';
console.log(JSON.stringify(HI));
