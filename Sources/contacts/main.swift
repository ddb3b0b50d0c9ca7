print("contacts demo: coming soon")
