// The look-alike host table of issue 18, shared by the core host test and the server's no-fetch test.

/** Hosts Airbnb or Booking.com do not own, however close they look. */
export const LOOKALIKE_HOSTS = [
  'airbnb.com.evil.test',
  'www.airbnb.xyz',
  'www.airbnb.co.zz',
  'evil.airbnb.top',
  'www.airbnb.de.evil.com',
  'airbnb.de.attacker.net',
  'www.airbnb.io',
  'airbnb.co',
  'www.airbnb.com.zz',
  'www.airbnb-de.com',
  'airbnb.evil.de',
  'www.airbnb.cn.com',
  'airbnb.github.io',
  'a.b.airbnb.de',
  'airbnb.de.xn--p1ai',
  'www.booking.com.evil.net',
  'booking.co',
  'www.booking.de',
  'secure-booking.com',
  'www.booking.com.co',
] as const;
