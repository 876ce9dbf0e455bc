/** The longest values accepted for each field of a contact message (POST /api/contact). */
export const CONTACT_FIELD_LIMITS = { name: 100, email: 254, phone: 30, message: 2000 } as const;
