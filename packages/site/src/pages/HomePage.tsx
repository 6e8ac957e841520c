/**
 * The home page (/) lives in `./home/`; this module keeps the route table's import path.
 * @module
 */
export { HomePage } from './home/HomePage.js';
