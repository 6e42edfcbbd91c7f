import { startSharedServices } from './shared-app';

export default startSharedServices;
