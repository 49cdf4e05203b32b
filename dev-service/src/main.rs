//! `petstore-dev-service`: runs the in-memory pet store service on 127.0.0.1.

use std::process::ExitCode;
use std::time::Duration;

use petstore_dev_service::{router, Config, PRODUCTION_PREFIX, STAGING_PREFIX};

const USAGE: &str = "\
Usage: petstore-dev-service [--port N] [--production-key KEY] [--staging-key KEY] [--latency-ms N]
                            [--fault-routes] [--production-pets N] [--test-controls]
                            [--without-get-pet]

  --port N              port on 127.0.0.1 (default 8081; 0 picks a free one)
  --production-key KEY  bearer key of the production deployment (default dev-production-key)
  --staging-key KEY     bearer key of the staging deployment (default dev-staging-key)
  --latency-ms N        delay every answer by N milliseconds (default 0)
  --fault-routes        also serve test-only broken deployments at /faults/KIND/v1
  --production-pets N   start production with N pets instead of the usual 24
  --test-controls       also serve test-only sandboxes and controls (key rotation, fault
                        modes, request log) at /sandbox and /control
  --without-get-pet     answer getPet with 410 Gone, as after its removal on 5 December 2030";

struct Args {
    port: u16,
    config: Config,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        port: 8081,
        config: Config::default(),
    };
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Err(String::new());
        }
        if flag == "--fault-routes" {
            parsed.config.fault_routes = true;
            continue;
        }
        if flag == "--without-get-pet" {
            parsed.config.without_get_pet = true;
            continue;
        }
        if flag == "--test-controls" {
            parsed.config.test_controls = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--port" => {
                parsed.port = value
                    .parse()
                    .map_err(|_| format!("--port: not a port number: {value}"))?
            }
            "--production-key" => parsed.config.production_key = value,
            "--staging-key" => parsed.config.staging_key = value,
            "--production-pets" => {
                let n = value
                    .parse()
                    .map_err(|_| format!("--production-pets: not a number: {value}"))?;
                parsed.config.production_pets = Some(n);
            }
            "--latency-ms" => {
                let ms = value
                    .parse()
                    .map_err(|_| format!("--latency-ms: not a number: {value}"))?;
                parsed.config.latency = Duration::from_millis(ms);
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(parsed)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(problem) => {
            if !problem.is_empty() {
                eprintln!("petstore-dev-service: {problem}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "petstore-dev-service: cannot listen on 127.0.0.1:{}: {e}",
                args.port
            );
            return ExitCode::FAILURE;
        }
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(args.port);
    let c = &args.config;
    // The first line is read by scripts (they start the service on port 0).
    println!("listening on 127.0.0.1:{port}");
    println!(
        "production: http://127.0.0.1:{port}{PRODUCTION_PREFIX}  key: {}",
        c.production_key
    );
    println!(
        "staging:    http://127.0.0.1:{port}{STAGING_PREFIX}  key: {}",
        c.staging_key
    );
    if c.fault_routes {
        for (kind, what) in petstore_dev_service::faults::KINDS {
            println!("fault:      http://127.0.0.1:{port}/faults/{kind}/v1  {what}");
        }
    }
    if c.test_controls {
        println!("controls:   http://127.0.0.1:{port}/control/SANDBOX/ENV/(key|mode|log), sandboxes at /sandbox/SANDBOX/ENV/v1");
    }
    if !c.latency.is_zero() {
        println!(
            "latency:    {} ms before every answer",
            c.latency.as_millis()
        );
    }
    let app = router(c);
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
    {
        eprintln!("petstore-dev-service: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
