// Spanish month and day names for dayjs and antd's date pickers. The modules that show dates
// through dayjs import this, so that pages without them do not download dayjs.
import dayjs from 'dayjs';
import 'dayjs/locale/es';

dayjs.locale('es');
