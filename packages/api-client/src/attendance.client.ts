import type { AttendanceMark, AttendanceRow, CertificateView, WorkshopAttendance, WorkshopFeedback } from '@workshop/shared';
import type { Http } from './http';

/** Who came to a workshop, the admin's marks, certificates and feedback (issue 26, points 4, 6 and 7). */
export function attendanceAdminClient(http: Http) {
  const path = (workshopId: string) => `/api/admin/workshops/${encodeURIComponent(workshopId)}/attendance`;
  return {
    attendance: {
      list: (workshopId: string) => http.json<WorkshopAttendance>('GET', path(workshopId)),
      mark: (workshopId: string, attendeeId: string, mark: AttendanceMark | null) => http.json<AttendanceRow>('PUT', `${path(workshopId)}/${encodeURIComponent(attendeeId)}`, { mark }),
      /** The seat's certificate with the name now on the booking (or its first, for a seat marked attended since). */
      reissueCertificate: (workshopId: string, attendeeId: string) => http.json<CertificateView>('POST', `${path(workshopId)}/${encodeURIComponent(attendeeId)}/certificate`),
      feedback: (workshopId: string) => http.json<WorkshopFeedback>('GET', `/api/admin/workshops/${encodeURIComponent(workshopId)}/feedback`),
    },
  };
}
