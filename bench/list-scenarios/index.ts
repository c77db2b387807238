import type { ListScenario } from './types.js';
import { registerScenarios } from './register.js';
import { serviceWorkScenarios } from './service-work.js';

/** Every list call of the product (issue 11): the register, then service work. */
export const LIST_SCENARIOS: ListScenario[] = [...registerScenarios, ...serviceWorkScenarios];
