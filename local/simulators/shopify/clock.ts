export { SimClock, isoSeconds, type Clock } from '../clock';
