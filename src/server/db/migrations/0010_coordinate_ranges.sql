-- Coordinates on Earth or none. NOT VALID: checked for every new or changed row from now on, without refusing the
-- migration over a listing stored before; `ALTER TABLE properties VALIDATE CONSTRAINT ...` checks those later.
ALTER TABLE "properties" ADD CONSTRAINT "properties_latitude_range" CHECK ("properties"."latitude" between -90 and 90) NOT VALID;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_longitude_range" CHECK ("properties"."longitude" between -180 and 180) NOT VALID;
