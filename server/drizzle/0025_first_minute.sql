-- Reserved for this wave's changes; replaced by its statements.
SELECT 1;
