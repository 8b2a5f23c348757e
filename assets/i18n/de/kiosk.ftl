# Exhibition kiosk mode: attract-loop captions, idle countdown, operator exit.
