-- Phones are now stored in E.164 (« +213550123456 »). Until now they were digits without
-- their leading zeros: an Algerian number is 8 or 9 such digits (landline or mobile);
-- anything longer was typed with its country code (« 00213… », « 0033… »). Display and links
-- also read the old forms, so a number this cannot convert still shows as it was typed.
UPDATE contacts
SET phone = CASE
  WHEN length(phone) BETWEEN 8 AND 9 THEN '+213' || phone
  ELSE '+' || phone
END
WHERE phone GLOB '[0-9]*' AND phone NOT GLOB '*[^0-9]*';
