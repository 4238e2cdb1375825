/** The demo backend for node tests: call server.listen() in beforeAll, server.resetHandlers() and resetDb() in afterEach. */
import { setupServer } from 'msw/node';
import { handlers } from '@/mocks/handlers';

export const server = setupServer(...handlers);
